package hub

// hasDate reports whether s (a URL path or query) holds a date in one of
// the forms news sites use:
//
//	/2014/03/05/  /2014/3/5/  2014-03-05  2014_03_05  2014.03.05   year, month[, day]
//	/2014/03/                                                        year and month
//	/2014/mar/05/  2014-march-05                                     month by name
//	20140305                                                         eight digits, YYYYMMDD
//	/14/03/05/                                                       two-digit year: day required
//
// Years are 1990–2039. A lone year (/2014/) is not a date: archives and
// ids use it too.
func hasDate(s string) bool {
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if (i == 0 || !isAlnum(s[i-1])) && dateAt(s, i, j) {
			return true
		}
		i = j
	}
	return false
}

// dateAt checks the digit run s[i:j] as the start of a date.
func dateAt(s string, i, j int) bool {
	n := j - i
	switch {
	case n == 8:
		y, m, d := atoi(s[i:i+4]), atoi(s[i+4:i+6]), atoi(s[i+6:i+8])
		return isYear(y) && m >= 1 && m <= 12 && d >= 1 && d <= 31
	case n == 4 && isYear(atoi(s[i:j])):
		if j >= len(s) || !isDateSep(s[j]) {
			return false
		}
		if m, k := num(s, j+1, 2); k > 0 && m >= 1 && m <= 12 && !digitAt(s, j+1+k) {
			return true
		}
		return monthName(s[j+1:])
	case n == 2 && j < len(s) && s[j] == '/':
		m, k := num(s, j+1, 2)
		if k == 0 || m < 1 || m > 12 || j+1+k >= len(s) || s[j+1+k] != '/' {
			return false
		}
		d, k2 := num(s, j+2+k, 2)
		return k2 > 0 && d >= 1 && d <= 31 && !digitAt(s, j+2+k+k2)
	}
	return false
}

// num parses up to max digits of s from i; k is how many it read (0 when
// none, or when more digits follow).
func num(s string, i, maxDigits int) (v, k int) {
	for k < maxDigits && i+k < len(s) && isDigit(s[i+k]) {
		v = v*10 + int(s[i+k]-'0')
		k++
	}
	if i+k < len(s) && isDigit(s[i+k]) {
		return 0, 0
	}
	return v, k
}

var months = [...]string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// monthName reports whether s starts with an English month name or its
// three-letter abbreviation, followed by a separator or the end.
func monthName(s string) bool {
	if len(s) < 3 {
		return false
	}
	for _, m := range months {
		if lower(s[0]) == m[0] && lower(s[1]) == m[1] && lower(s[2]) == m[2] {
			k := 3
			for k < len(s) && isLetter(s[k]) {
				k++
			}
			return k == len(s) || isDateSep(s[k])
		}
	}
	return false
}

func atoi(s string) int {
	v := 0
	for i := 0; i < len(s); i++ {
		v = v*10 + int(s[i]-'0')
	}
	return v
}

func isYear(y int) bool            { return y >= 1990 && y <= 2039 }
func isDateSep(c byte) bool        { return c == '/' || c == '-' || c == '_' || c == '.' }
func isLetter(c byte) bool         { c = lower(c); return c >= 'a' && c <= 'z' }
func isAlnum(c byte) bool          { return isDigit(c) || isLetter(c) }
func digitAt(s string, i int) bool { return i < len(s) && isDigit(s[i]) }
