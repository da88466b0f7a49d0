// What `npm run eval` says when its data is not where it looks: --data may name a folder that
// does not hold the competition CSVs, and a raw ENOENT would not say what is expected.
import { existsSync, readdirSync, statSync } from 'node:fs';

/** The CSV layout eval reads, shown whenever the data cannot be found. */
export const DATA_FORMAT = `The data: a folder of competition CSV files (e.g. Monthly.csv), each with the header
  id,source,frequency,horizon,season_length,n_train,train,test
and one series per row; train and test are space-separated numbers (test has horizon values).
An ANCHORS.md beside them, with R's scores per group, adds the R columns (optional).
Pass the folder with: npm run eval -- --data DIR  (format: docs/accuracy.md, "The data")`;

/** Null when `dir` is a folder holding at least one .csv; otherwise a message saying what is missing and how to pass it. */
export function dataDirProblem(dir: string, isDefault: boolean): string | null {
  const where = isDefault ? `${dir} (the default: no --data was given)` : dir;
  if (!existsSync(dir)) return `tempo eval: no data folder at ${where}.\n${DATA_FORMAT}`;
  if (!statSync(dir).isDirectory()) return `tempo eval: ${where} is a file, not a folder.\n${DATA_FORMAT}`;
  if (!readdirSync(dir).some((f) => f.endsWith('.csv'))) return `tempo eval: no .csv files in ${where}.\n${DATA_FORMAT}`;
  return null;
}
