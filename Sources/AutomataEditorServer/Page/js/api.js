// Fetch wrappers for the server's JSON API (docs/server.md). Every refusal becomes an
// ApiError carrying the server's one-line `error`, so callers can show it as it is.

class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** Sends `body` as JSON; with a `type`, as it is (a file's bytes). */
async function request(method, path, body, type) {
  const init = { method, headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = type ?? 'application/json';
    init.body = type ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(`The server cannot be reached (${error.message}).`, 0);
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: said below with the status instead.
  }
  if (!response.ok) {
    throw new ApiError(json?.error ?? `${method} ${path} failed with status ${response.status}.`, response.status);
  }
  if (json === null) throw new ApiError(`${method} ${path}: the answer is not JSON.`, response.status);
  return json;
}

function documentPath(name, action) {
  const base = `/api/documents/${encodeURIComponent(name)}`;
  return action ? `${base}/${action}` : base;
}

export const api = {
  vocabulary: () => request('GET', '/api/vocabulary'),
  listDocuments: () => request('GET', '/api/documents'),
  // Opening never asks for a missing document with GET (that would be a 404): it creates it.
  openDocument: (name) => request('POST', documentPath(name, 'open')),
  sendEvent: (name, event) => request('POST', documentPath(name, 'events'), event),
  previewMove: (name, stateID, to) => request('POST', documentPath(name, 'preview'), { move: stateID, to }),
  runWord: (name, word) => request('POST', documentPath(name, 'run'), { word }),
  expressionOf: (name) => request('GET', documentPath(name, 'expression')),
  fromExpression: (expression) => request('POST', '/api/expressions', { expression }),
  runAlgorithm: (name, operation, other) =>
    request('POST', documentPath(name, 'algorithms'), other ? { operation, with: other } : { operation }),
  // The file's bytes go as they are (whatever their encoding); its name only labels the server's messages.
  importJFLAP: (name, fileName, bytes) =>
    request('POST', `${documentPath(name, 'import')}?file=${encodeURIComponent(fileName)}`, bytes, 'application/xml'),
  // An InkML file's traces as drawing events ({"events": [...]}); nothing is saved.
  readInk: (fileName, bytes) =>
    request('POST', `/api/ink?file=${encodeURIComponent(fileName)}`, bytes, 'application/inkml+xml'),
  // Runs a test set and keeps it with the document; saveTests keeps it without running.
  runTests: (name, tests) => request('POST', documentPath(name, 'tests'), { tests }),
  saveTests: (name, tests) => request('PUT', documentPath(name, 'tests'), { tests }),
  renameDocument: (name, to) => request('POST', documentPath(name, 'rename'), { to }),
  deleteDocument: (name) => request('DELETE', documentPath(name)),
  teach: (name, stroke, shapeClass, replacing) =>
    request('POST', documentPath(name, 'corrections'), { stroke, class: shapeClass, replacing }),
  correctWord: (name, word, text) => request('POST', documentPath(name, 'words'), { word, text }),
  exportURL: (name, format) => `${documentPath(name, 'export')}?format=${encodeURIComponent(format)}`,
};
