// The help texts, one per command, shown by --help and after a usage error.
import { MEMBER_BITS, MODEL_IDS } from '@tempo-forecast/core';

export const MAIN_HELP = `Usage: tempo <command> [options]

Commands:
  serve                 run the forecasting server
  worker                compute job chunks from the shared queue (DATABASE_URL, REDIS_URL)
  keys create           create an API key (shown once)
  keys list             list API keys (never their secrets)
  keys disable KEY_ID   stop a key from working
  keys enable KEY_ID    let a disabled key work again
  models create         create an organization's own model
  models tune           tune an organization's model on its history (a long CSV)
  models list           list models
  models delete NAME    delete one of an organization's own models
  forecast --file F     forecast every series of a long CSV on this machine
  forecast --server URL  the same, on a Tempo server, in batches or as one job (--job) (TEMPO_API_KEY)
  cross-validate --file F  backtest every series of a long CSV on this machine
  jobs get JOB_ID       a job's status on a server; --wait follows it with a progress bar
  jobs results JOB_ID   download a finished job's forecasts
  jobs cancel JOB_ID    cancel a job and delete its inputs and results
  jobs list             list the organization's jobs, newest first

'tempo --version' prints the version.
Every command takes --data-dir DIR (default ./data, or TEMPO_DATA_DIR), --json and --help.
Only serve creates an absent data directory; other commands need --create for that.
Run 'tempo <command> --help' for a command's options.`;

export const SERVE_HELP = `Usage: tempo serve [--port PORT] [--host HOST] [--data-dir DIR] [--job-workers N]

Runs the HTTP server. On the first start with an empty store it creates a key and prints it.
Logs are JSON lines on stdout; the key and the listening address are printed on stderr.
  --port PORT      port to listen on (default 8080, or PORT)
  --host HOST      address to bind (default 127.0.0.1, or HOST)
  --data-dir DIR   where tempo.db lives (default ./data, or TEMPO_DATA_DIR)
  --job-workers N  job chunks this server computes at once (default min(2, cores), or
                   TEMPO_JOB_WORKERS); 0: it only accepts jobs, tempo worker computes them
Other settings come from environment variables: see docs/configuration.md.`;

export const WORKER_HELP = `Usage: tempo worker [--job-workers N]

Computes the chunks of jobs (POST /{model}/v1/jobs) from the BullMQ queue on REDIS_URL, with the
job records on DATABASE_URL: run it on any number of machines beside tempo serve. It runs until
SIGTERM or SIGINT, finishing the chunks it is computing first.
  --job-workers N  chunks computed at once (default min(2, cores), or TEMPO_JOB_WORKERS), each
                   spread over the TEMPO_WORKERS worker threads
Other settings come from environment variables: see docs/configuration.md.`;

export const KEYS_HELP = `Usage: tempo keys <create|list|disable|enable> [options]

  keys create --org ORG --project PROJECT --user USER --name NAME
              [--rpm 60] [--rph 1000] [--expires ISO8601] [--env live|test]
  keys list [--org ORG]
  keys disable KEY_ID
  keys enable KEY_ID
All take --data-dir DIR, --json, --help.`;

export const KEYS_CREATE_HELP = `Usage: tempo keys create --org ORG --project PROJECT --user USER --name NAME [options]

Creates an API key and prints it once; only its hash is stored. The organization, project and user
are created on first mention.
  --org ORG          organization id (letters, digits, . _ @ + -)
  --project PROJECT  project id
  --user USER        user id
  --name NAME        a label for the key
  --rpm N            requests per minute (default 60)
  --rph N            requests per hour (default 1000)
  --expires ISO8601  expiry, e.g. 2027-01-31 or 2027-01-31T00:00:00Z (default: never)
  --env live|test    environment label (default live)
  --data-dir DIR, --json (prints one JSON object with "key" and the validate fields)`;

export const KEYS_LIST_HELP = `Usage: tempo keys list [--org ORG] [--data-dir DIR] [--json]

Lists keys oldest first as tempo-<key_id>-…<last4>; secrets are never shown.`;

export const KEYS_STATUS_HELP = `Usage: tempo keys disable KEY_ID | tempo keys enable KEY_ID [--data-dir DIR] [--json]

KEY_ID is the 16-character id (the part after "tempo-"); a full or listed key works too.
A running server in another process notices within TEMPO_KEY_CACHE_TTL_MS (at most 30 s).`;

export const MODELS_HELP = `Usage: tempo models <create|tune|list|delete> [options]

  models create --org ORG --name NAME [--base tempo] [--config JSON]
  models tune --org ORG --name NAME --file history.csv [--horizon 12] [--freq F] [--base tempo]
  models list [--org ORG]
  models delete NAME --org ORG
All take --data-dir DIR, --json, --help.`;

export const MODELS_CREATE_HELP = `Usage: tempo models create --org ORG --name NAME [--base tempo] [--config JSON]

Creates a model only organization ORG may use, served at /NAME/v1/forecast.
  --name NAME    [a-z0-9][a-z0-9._-]{0,62}; not "tempo", not "v1"; unique
  --base MODEL   the model it builds on (default tempo)
  --config JSON  options: {"season_length": int >= 1, "members": [${Object.keys(MEMBER_BITS).join(', ')}],
                 "combination": "median"|"mean", "model": one of ${Object.keys(MODEL_IDS).join(', ')}}
  --data-dir DIR, --json`;

export const MODELS_TUNE_HELP = `Usage: tempo models tune --org ORG --name NAME --file history.csv [--horizon H] [--freq F] [--base tempo]

Tunes a model only organization ORG may use on its history, as POST /v1/models does: rolling-origin
backtests of the configurations the core offers, the pick checked on a holdout it never tuned on
(the base's config is kept when the pick does not beat it). Progress goes to stderr.
  --file CSV     long format with a header naming unique_id,ds,y (or id,timestamp,value), read as
                 tempo forecast --file reads it: ds dates increasing and regular per series (they are
                 sent as timestamps, so the calendar's seasons guide tuning); an empty y is missing
  --horizon H    the horizon the model will forecast (default 12)
  --freq F       the step of every series (P1M, PT1H, ...), needed only when a series has one row
  --base MODEL   the model tuning starts from and is compared with (default tempo)
  --data-dir DIR, --json`;

export const MODELS_DELETE_HELP = `Usage: tempo models delete NAME --org ORG [--data-dir DIR] [--json]

Deletes one of organization ORG's own models, whatever made it (models create, models tune or
POST /v1/models; a tuning still running is stopped). tempo and other organizations' models cannot be.`;

export const MODELS_LIST_HELP = `Usage: tempo models list [--org ORG] [--data-dir DIR] [--json]

Without --org: every model. With --org: the models that organization may use (tempo first).`;

export const FORECAST_HELP = `Usage: tempo forecast --file FILE --horizon H [options]

Forecasts every series of a long CSV on this machine, on every core, or with --server on a Tempo
server in batches (the API key in TEMPO_API_KEY): the same checks, output, progress and messages.
FILE has a header naming unique_id,ds,y (or id,timestamp,value); quoted fields are fine. ds is an
RFC 3339 date (2024-01-31) or date-time with an offset, or a date-time without one
(2024-01-31 13:00:00, read as UTC; the future ds are written the same way); each series' dates must
be written one way, increasing and regular; an empty y or NA is a missing value (its date stays).
Any other column is a regressor (a number on every row): each series then ends with H future rows,
their ds the forecast's dates, y empty and the regressors' known values (docs/regressors.md).
  --horizon H          steps to forecast
  --level 80,95        prediction intervals (adds lo-80,hi-80,lo-95,hi-95 columns)
  --quantiles 0.1,0.9  forecast quantiles (adds q-0.1,q-0.9 columns)
  --holidays CODE      a country or region (AU, AU-VIC, US-CA): its public holidays become a regressor
  --freq F             grid step for every series (P1M, M, PT1H, h, D, W, Q, Y, ...); default: inferred
  --season-length N    the seasonal period for every series; default: from the calendar, tested on the data
  --out FILE           .csv (unique_id,ds,forecast,lo-..,hi-..) or .ndjson; written to a temporary file
                       and renamed when complete; default: CSV on stdout
  --workers N          worker threads (default: every core; not with --server)
  --model NAME         the model: one of the core's (tempo, ets, theta, arima, ...) on this machine,
                       any the key may use with --server (default tempo)
  --server URL         forecast on this Tempo server instead, e.g. http://127.0.0.1:8080
  --batch-size N       with --server: series per request (default 1000)
  --job                with --server: send the file as one job instead of batches: uploaded as it is
                       read and checked by the server; the job's id is printed first (tempo jobs get
                       re-attaches to it), its progress bar follows, then its results go to --out
  --gzip               with --job: compress the upload
  --json               print a JSON summary (needs --out)
  --on-invalid MODE    fail (default: a problem in any series stops the run, every problem listed)
                       or skip (invalid series are left out and listed in OUT.problems.csv)
  --fill-missing       put each series back on its grid: a date absent from the file is a missing value
  --fitted             also write OUT.fitted.csv: unique_id,ds,y,fitted,lo-..,hi-.. per value (needs --out)
A series of one row takes the step most of the file's series are on (unless --freq is given).
Progress (series done, series/s, ETA) goes to stderr: a bar on a terminal, plain lines otherwise.`;

export const JOBS_HELP = `Usage: tempo jobs <get|results|cancel|list> --server URL [options]

Jobs run on a Tempo server (tempo forecast --file F --server URL --job starts one); the API key
comes from TEMPO_API_KEY and the job belongs to its organization.
  jobs get JOB_ID --server URL [--wait]
  jobs results JOB_ID --server URL [--out FILE] [--format csv|ndjson]
  jobs cancel JOB_ID --server URL
  jobs list --server URL [--limit N]
All take --json and --help.`;

export const JOBS_GET_HELP = `Usage: tempo jobs get JOB_ID --server URL [--wait] [--json]

Shows the job's status, progress and series errors. Exit code 0 however the job stands.
  --server URL   the Tempo server, e.g. http://127.0.0.1:8080
  --wait         follow the job with a progress bar on stderr until it ends (re-attach to a job
                 another command started); exit code 1 when it failed or was cancelled
  --json         print the job as the API describes it`;

export const JOBS_RESULTS_HELP = `Usage: tempo jobs results JOB_ID --server URL [--out FILE] [--format csv|ndjson]

Downloads a succeeded job's forecasts, in the input's order of series: CSV
(unique_id,ds,forecast,lo-..,hi-..) or NDJSON (one batch answer per series).
  --server URL            the Tempo server
  --out FILE              where to write them: a temporary file renamed when complete (default: stdout)
  --format csv|ndjson     default: from --out's name (.csv, .ndjson), else csv
Exit code 1 when the job has not finished (wait for it with tempo jobs get) or its results expired.`;

export const JOBS_CANCEL_HELP = `Usage: tempo jobs cancel JOB_ID --server URL

Cancels the job (what has not run stops) and deletes its inputs and results.
  --server URL   the Tempo server`;

export const JOBS_LIST_HELP = `Usage: tempo jobs list --server URL [--limit N] [--json]

Lists the organization's jobs, newest first: id, status, progress, created time.
  --server URL   the Tempo server
  --limit N      at most N jobs (default 100)`;

export const CROSS_VALIDATE_HELP = `Usage: tempo cross-validate --file FILE --horizon H --out OUT.csv [options]

Backtests every series of a long CSV (as tempo forecast --file reads it; no regressor columns) on
this machine, on every core: rolling-origin windows, each forecast from the values up to its cutoff.
Writes OUT.csv, one row per series, window and step: unique_id,ds,cutoff,y,forecast,lo-95,hi-95
(ds the forecast's date, cutoff the last date its model saw, y what happened), and OUT.metrics.csv,
one row per series: unique_id,mase,smape,rmsse,coverage-95; the mean over series goes to stderr.
  --horizon H          steps each window forecasts
  --windows W          windows per series (default 3, at most 20)
  --step S             values between one window's cutoff and the next (default H)
  --level 80,95        prediction intervals (default 95)
  --quantiles 0.1,0.9  forecast quantiles (adds q-0.1,q-0.9 columns and spl, the scaled pinball loss)
  --freq F             grid step for every series; default: inferred
  --season-length N    the seasonal period for every series; default: from the calendar, tested on the data
  --out OUT.csv        where to write (both files appear whole or not at all)
  --workers N          worker threads (default: every core)
  --json               print a JSON summary (overall metrics included)
  --on-invalid MODE    fail (default) or skip (invalid series, too short ones included, are left out
                       and listed in OUT.problems.csv)
  --fill-missing       put each series back on its grid: a date absent from the file is a missing value
Progress goes to stderr.`;
