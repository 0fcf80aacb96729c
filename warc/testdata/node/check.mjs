// check.mjs FILE... — reads WARC files with webrecorder's warcio.js (an
// implementation independent of the Go code), recomputes every
// WARC-Block-Digest and WARC-Payload-Digest with node's crypto, and prints
// one JSON line: {"records": N, "types": {...}, "digests": N, "errors": [...]}.
import fs from "node:fs";
import crypto from "node:crypto";
import { WARCParser } from "warcio";

const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32(buf) {
  let bits = 0, value = 0, out = "";
  for (const byte of buf) {
    value = (value << 8) | byte; bits += 8;
    while (bits >= 5) { out += B32[(value >>> (bits - 5)) & 31]; bits -= 5; }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}
function digestOf(want, data) {
  const [alg, value] = want.split(":", 2);
  const h = crypto.createHash(alg.toLowerCase().replace("-", "")).update(data).digest();
  return value.length === 40 && alg.toLowerCase() === "sha1" ? `${alg}:${base32(h)}` : `${alg}:${/^[0-9a-f]+$/i.test(value) ? h.toString("hex") : base32(h)}`;
}
function same(a, b) { return a.toLowerCase() === b.toLowerCase(); }

const result = { records: 0, types: {}, digests: 0, errors: [] };
for (const file of process.argv.slice(2)) {
  try {
    const parser = new WARCParser(fs.createReadStream(file), { parseHttp: false });
    for await (const record of parser) {
      const block = Buffer.from(await record.readFully(false));
      const type = record.warcType;
      result.records++;
      result.types[type] = (result.types[type] || 0) + 1;
      const bd = record.warcHeader("WARC-Block-Digest");
      if (bd) {
        const got = digestOf(bd, block);
        if (!same(got, bd)) result.errors.push(`${file}: ${type} ${record.warcTargetURI}: block digest ${bd}, computed ${got}`);
        else result.digests++;
      }
      const pd = record.warcHeader("WARC-Payload-Digest");
      if (pd && (record.warcContentType || "").startsWith("application/http")) {
        const end = block.indexOf("\r\n\r\n");
        const got = digestOf(pd, end < 0 ? Buffer.alloc(0) : block.subarray(end + 4));
        if (!same(got, pd)) result.errors.push(`${file}: ${type} ${record.warcTargetURI}: payload digest ${pd}, computed ${got}`);
        else result.digests++;
      }
    }
  } catch (e) {
    result.errors.push(`${file}: ${e.message}`);
  }
}
console.log(JSON.stringify(result));
