// Entry of the models settings page: sign in with a key, show its metadata and the organization's
// models, and hand the models to the playground. Only composes the other modules.
import type { ModelsResponseBody, ValidateResponseBody } from '../common/types.js';
import { showKeyMetadata, showModels } from './account.js';
import { ApiFailure, callApi, downloadApi } from './api.js';
import { byId } from './dom.js';
import { setupPlayground } from './playground.js';
import { problemMessage, problemReference, type Problem } from './problem.js';
import { loadSamples } from './samples.js';
import { forgetKey, readKey, saveKey } from './session-key.js';
import { showTunedModels } from './tuned-models.js';
import { setupBacktest } from './backtest.js';
import { setupAnomalies } from './anomalies.js';
import { jobActive, showJobs } from './jobs.js';
import type { JobListBody } from '../common/job-types.js';

const signinForm = byId<HTMLFormElement>('signin-form');
const keyInput = byId<HTMLInputElement>('api-key');
const signinButton = byId<HTMLButtonElement>('signin-button');
const signoutButton = byId<HTMLButtonElement>('signout-button');
const status = byId('status');
const errorBox = byId('error');
const errorText = byId('error-text');
const errorRef = byId('error-ref');
const signedIn = byId('signed-in');
const keyMeta = byId<HTMLDListElement>('key-meta');
const modelsBody = byId<HTMLTableSectionElement>('models-body');
const orgName = byId('org-name');
const tunedBody = byId<HTMLTableSectionElement>('tuned-body');
const tunedEmpty = byId('tuned-empty');
// while a model tunes, the list is read again every few seconds
const TUNING_POLL_MS = 3000;
let tuningPoll: ReturnType<typeof setTimeout> | undefined;
const jobsBody = byId<HTMLTableSectionElement>('jobs-body');
const jobsEmpty = byId('jobs-empty');
// while a job is queued or running, the list is read again every few seconds
const JOBS_POLL_MS = 3000;
let jobsPoll: ReturnType<typeof setTimeout> | undefined;

async function refreshJobs(key: string): Promise<void> {
  clearTimeout(jobsPoll);
  let page: JobListBody;
  try {
    page = await callApi<JobListBody>('/v1/jobs', key);
  } catch (err) {
    showProblem(err instanceof ApiFailure ? err.problem : { status: 0, code: 'BAD_RESPONSE', detail: (err as Error).message });
    return;
  }
  // signed out while the list was on its way
  if (readKey() !== key) return;
  showJobs(jobsBody, jobsEmpty, page.jobs, {
    cancel: (id) => void cancelJob(key, id),
    results: (id) => void downloadResults(key, id),
  });
  if (page.jobs.some(jobActive)) jobsPoll = setTimeout(() => void refreshJobs(key), JOBS_POLL_MS);
}

async function cancelJob(key: string, id: string): Promise<void> {
  showProblem(null);
  try {
    await callApi<undefined>(`/v1/jobs/${encodeURIComponent(id)}`, key, undefined, 'DELETE');
    status.textContent = `Cancelled job ${id}; its inputs and results are deleted.`;
  } catch (err) {
    showProblem(err instanceof ApiFailure ? err.problem : { status: 0, code: 'BAD_RESPONSE', detail: (err as Error).message });
  }
  await refreshJobs(key);
}

async function downloadResults(key: string, id: string): Promise<void> {
  showProblem(null);
  try {
    await downloadApi(`/v1/jobs/${encodeURIComponent(id)}/results`, key, 'text/csv', `${id}.csv`);
    status.textContent = `Downloading the results of job ${id}.`;
  } catch (err) {
    showProblem(err instanceof ApiFailure ? err.problem : { status: 0, code: 'BAD_RESPONSE', detail: (err as Error).message });
  }
}

function showTuned(key: string, list: ModelsResponseBody): void {
  const tuned = list.tuned ?? [];
  showTunedModels(tunedBody, tunedEmpty, tuned, (name) => void deleteTuned(key, name));
  clearTimeout(tuningPoll);
  if (tuned.some((t) => t.status === 'tuning')) tuningPoll = setTimeout(() => void refreshModels(key), TUNING_POLL_MS);
}

async function refreshModels(key: string): Promise<void> {
  try {
    const list = await callApi<ModelsResponseBody>('/v1/models', key);
    showModels(modelsBody, list.models);
    playground.setModels(list.models);
    showTuned(key, list);
  } catch (err) {
    showProblem(err instanceof ApiFailure ? err.problem : { status: 0, code: 'BAD_RESPONSE', detail: (err as Error).message });
  }
}

async function deleteTuned(key: string, name: string): Promise<void> {
  showProblem(null);
  try {
    await callApi<undefined>(`/v1/models/${encodeURIComponent(name)}`, key, undefined, 'DELETE');
    status.textContent = `Deleted model ${name}.`;
  } catch (err) {
    showProblem(err instanceof ApiFailure ? err.problem : { status: 0, code: 'BAD_RESPONSE', detail: (err as Error).message });
  }
  await refreshModels(key);
}

function showProblem(p: Problem | null): void {
  errorText.textContent = p ? problemMessage(p) : '';
  errorRef.textContent = p ? problemReference(p) : '';
  errorBox.hidden = p === null;
}

function signOut(message: string): void {
  forgetKey();
  keyInput.value = '';
  signedIn.hidden = true;
  signinForm.hidden = false;
  keyMeta.replaceChildren();
  modelsBody.replaceChildren();
  tunedBody.replaceChildren();
  clearTimeout(tuningPoll);
  jobsBody.replaceChildren();
  clearTimeout(jobsPoll);
  playground.reset();
  status.textContent = message;
}

const playground = setupPlayground({
  key: readKey,
  wasmUrl: new URL('../tempo.wasm', import.meta.url),
  onKeyRefused(p) {
    signOut('Signed out: the API no longer accepts this key.');
    showProblem(p);
  },
});

setupBacktest({ key: readKey, request: () => playground.request() });
setupAnomalies({ key: readKey, request: () => playground.request() });

async function signIn(key: string): Promise<void> {
  signinButton.disabled = true;
  status.textContent = 'Checking the key…';
  showProblem(null);
  try {
    const meta = await callApi<ValidateResponseBody>('/tempo/v1/validate', key);
    const list = await callApi<ModelsResponseBody>('/v1/models', key);
    saveKey(key);
    showKeyMetadata(keyMeta, meta);
    showModels(modelsBody, list.models);
    orgName.textContent = list.organization_id;
    playground.setModels(list.models);
    showTuned(key, list);
    void refreshJobs(key);
    signinForm.hidden = true;
    signedIn.hidden = false;
    status.textContent = `Signed in with key "${meta.name}" of organization ${meta.organization_id}: ${list.models.length} model${list.models.length === 1 ? '' : 's'} available.`;
    byId('account-heading').focus();
  } catch (err) {
    forgetKey();
    signedIn.hidden = true;
    signinForm.hidden = false;
    status.textContent = 'Not signed in.';
    showProblem(err instanceof ApiFailure ? err.problem : { status: 0, code: 'BAD_RESPONSE', detail: (err as Error).message });
  } finally {
    // the key never stays in the page: it lives in sessionStorage only
    keyInput.value = '';
    signinButton.disabled = false;
  }
}

signinForm.addEventListener('submit', (ev) => {
  ev.preventDefault();
  const key = keyInput.value.trim();
  if (key === '') {
    showProblem(null);
    status.textContent = 'Paste an API key first.';
    keyInput.focus();
    return;
  }
  void signIn(key);
});

signoutButton.addEventListener('click', () => {
  showProblem(null);
  signOut('Signed out. The key was removed from this tab.');
  keyInput.focus();
});

void loadSamples(new URL('../samples.json', import.meta.url)).then((s) => playground.setSamples(s));

const remembered = readKey();
if (remembered !== null) void signIn(remembered);
else status.textContent = 'Not signed in.';
