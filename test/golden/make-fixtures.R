# Golden fixtures for the Tempo core, produced by R's forecast package (outputs only: no code is ported).
# Run from the repo root:  Rscript test/golden/make-fixtures.R
# Writes test/golden/fixtures/<series>.json. R is not needed to run the tests; the JSON is committed.
suppressPackageStartupMessages({
  library(forecast)
  library(jsonlite)
})

out_dir <- file.path("test", "golden", "fixtures")
dir.create(out_dir, showWarnings = FALSE, recursive = TRUE)

# "ETS(M,Ad,M)" -> "MAdM", the form spelling the Tempo inspector takes
form_of <- function(fit) gsub("[^A-Za-z]", "", sub("^ETS", "", fit$method))

par_or_null <- function(fit, name) {
  v <- unname(fit$par[name])
  if (length(v) == 0 || is.na(v)) NULL else v
}

ets_summary <- function(fit, h, with_intervals = FALSE) {
  # class-3 forms (multiplicative error and season) get simulated intervals: seed them so reruns agree
  set.seed(20240101)
  fc <- forecast(fit, h = h, level = c(80, 95))
  res <- list(
    form = form_of(fit),
    alpha = par_or_null(fit, "alpha"), beta = par_or_null(fit, "beta"),
    gamma = par_or_null(fit, "gamma"), phi = par_or_null(fit, "phi"),
    aicc = fit$aicc, aic = fit$aic, loglik = fit$loglik, sigma2 = fit$sigma2,
    npar = length(fit$par) + 1L,
    initial_states = I(unname(fit$initstate)),  # I(): stays a JSON array even with one state
    mean = as.numeric(fc$mean)
  )
  if (with_intervals) res$intervals <- intervals_of(fc)
  res
}

intervals_of <- function(fc) list(
  "80" = list(lower = as.numeric(fc$lower[, 1]), upper = as.numeric(fc$upper[, 1])),
  "95" = list(lower = as.numeric(fc$lower[, 2]), upper = as.numeric(fc$upper[, 2]))
)

# fixed forms; "MAM"-style multiplicative ones only on positive seasonal data, as R admits them
fixed_specs <- function(y) {
  m <- frequency(y)
  specs <- list(ANN = list(model = "ANN", damped = FALSE),
                AAN = list(model = "AAN", damped = FALSE),
                AAdN = list(model = "AAN", damped = TRUE),
                MNN = list(model = "MNN", damped = FALSE))
  if (m > 1) {
    specs$AAA <- list(model = "AAA", damped = FALSE)
    specs$MAM <- list(model = "MAM", damped = FALSE)
    specs$MAdM <- list(model = "MAM", damped = TRUE)
  }
  specs
}

# AICc of every form the automatic ets() search considers (no multiplicative trend, no A?M forms),
# so a test can tell a clear-cut choice from a near tie
aicc_by_form <- function(y) {
  m <- frequency(y)
  seasons <- if (m > 1) c("N", "A", "M") else "N"
  out <- list()
  for (e in c("A", "M")) for (t in c("N", "A", "Ad")) for (s in seasons) {
    if (e == "A" && s == "M") next
    fit <- tryCatch(ets(y, model = paste0(e, substr(t, 1, 1), s), damped = (t == "Ad")),
                    error = function(err) NULL)
    if (!is.null(fit)) out[[paste0(e, t, s)]] <- fit$aicc
  }
  out
}

make_fixture <- function(name, y) {
  m <- frequency(y)
  h <- if (m > 1) 2 * m else 10
  auto <- ets(y)
  fixed <- list()
  for (k in names(fixed_specs(y))) {
    s <- fixed_specs(y)[[k]]
    fit <- tryCatch(ets(y, model = s$model, damped = s$damped), error = function(e) NULL)
    if (!is.null(fit)) fixed[[k]] <- ets_summary(fit, h)
  }
  th <- thetaf(y, h = h, level = c(80, 95))
  nv <- naive(y, h = h, level = c(80, 95))
  sn <- snaive(y, h = h, level = c(80, 95))
  fixture <- list(
    name = name, m = m, h = h, n = length(y), series = as.numeric(y),
    r_version = R.version.string, forecast_version = as.character(packageVersion("forecast")),
    ets_auto = ets_summary(auto, h, with_intervals = TRUE),
    ets_fixed = fixed,
    ets_aicc_by_form = aicc_by_form(y),
    thetaf = list(mean = as.numeric(th$mean), intervals = intervals_of(th)),
    naive = list(mean = as.numeric(nv$mean), intervals = intervals_of(nv)),
    snaive = list(mean = as.numeric(sn$mean), intervals = intervals_of(sn))
  )
  path <- file.path(out_dir, paste0(name, ".json"))
  writeLines(toJSON(fixture, auto_unbox = TRUE, digits = NA, pretty = TRUE, null = "null"), path)
  cat(sprintf("%s: n=%d m=%d ets=%s AICc=%.3f -> %s\n", name, length(y), m, form_of(auto), auto$aicc, path))
}

make_fixture("AirPassengers", AirPassengers)
make_fixture("USAccDeaths", USAccDeaths)
make_fixture("Nile", Nile)
make_fixture("airmiles", airmiles)
