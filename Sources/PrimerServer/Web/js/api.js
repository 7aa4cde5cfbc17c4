// The HTTP API (/openapi.yaml), signed in by the session cookie it sets. A failed call throws an
// Error with `status` (the HTTP status, 0 when the network is down) and the server's message.
export class ApiError extends Error {
  constructor(message, status, data = {}) { super(message); this.status = status; this.data = data; }
  get offline() { return this.status === 0; }
}

export async function api(method, path, body, headers = {}) {
  const options = { method, credentials: "same-origin", headers: { ...headers } };
  if (body instanceof FormData) options.body = body;
  else if (body !== undefined) { options.body = JSON.stringify(body); options.headers["Content-Type"] = "application/json"; }
  let response;
  try { response = await fetch(path, options); } catch (error) { throw new ApiError(error.message, 0); }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data.message || data.detail || `HTTP ${response.status}`, response.status, data);
  return data;
}

export const get = (path) => api("GET", path);
