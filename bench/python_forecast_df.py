"""One timed `forecast_df` for bench/python-client.ts: reads the long CSV (not timed), forecasts it through the
Python client, and prints one JSON line {seconds, cpu_seconds, rows, series}. The key comes in TEMPO_API_KEY.

usage: python3 bench/python_forecast_df.py URL CSV H LEVEL BATCH_SIZE
"""
import json
import os
import sys
import time

import pandas as pd
from tempo_forecast import Tempo

url, csv, h, level, batch_size = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
df = pd.read_csv(csv, parse_dates=["ds"])
tempo = Tempo(os.environ["TEMPO_API_KEY"], url, timeout=600)
started, cpu = time.perf_counter(), time.process_time()
out = tempo.forecast_df(df, h, level=[level], batch_size=batch_size)
print(json.dumps({"seconds": time.perf_counter() - started, "cpu_seconds": time.process_time() - cpu,
                  "rows": len(out), "series": int(out["unique_id"].nunique())}))
