// The HTTP API (/openapi.yaml), signed in by the session cookie it sets. A failed call throws an
// ApiError with `status` (the HTTP status; 0 when the server cannot be reached: no network, no
// answer within the time limit, or an answer that is not the API's — a captive portal's page).
export class ApiError extends Error {
  constructor(message, status, data = {}) { super(message); this.status = status; this.data = data; }
  get offline() { return this.status === 0; }
}

// An answer within this many milliseconds, else the call counts as offline (an upload has longer).
const timeLimit = 15000;
const uploadTimeLimit = 300000;

export async function api(method, path, body, headers = {}) {
  const options = { method, credentials: "same-origin", headers: { ...headers } };
  if (body instanceof FormData) options.body = body;
  else if (body !== undefined) { options.body = JSON.stringify(body); options.headers["Content-Type"] = "application/json"; }
  options.signal = AbortSignal.timeout(body instanceof FormData ? uploadTimeLimit : timeLimit);
  let response;
  try { response = await fetch(path, options); } catch (error) { throw new ApiError(error.message, 0); }
  // A redirect, or a page that is not JSON, is someone else's answer: the API never sends one.
  const json = (response.headers.get("Content-Type") || "").includes("json");
  if (response.redirected || (response.status !== 204 && !json)) throw new ApiError(`no answer from the server (${response.status})`, 0);
  if (response.status === 204) return null;
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data.message || data.detail || `HTTP ${response.status}`, response.status, data);
  return data;
}

export const get = (path) => api("GET", path);
