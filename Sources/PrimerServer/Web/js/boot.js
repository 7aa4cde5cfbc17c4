// Asks who is signed in as soon as the page starts, while the app's modules still load: the first
// view then waits for whichever comes last, not for the modules and then the answer. main.js
// takes the answer once (an account, or the HTTP status: 401 signed out, 0 offline).
window.primerWho = fetch("/api/me", { credentials: "same-origin" })
  .then((response) => (response.ok ? response.json() : { status: response.status }), () => ({ status: 0 }));
