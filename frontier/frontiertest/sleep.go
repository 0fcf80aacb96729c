package frontiertest

import "time"

func sleep() { time.Sleep(time.Millisecond) }
