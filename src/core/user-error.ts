// The one shape of what the user is told when a request of theirs cannot be done: a single sentence that names the
// fix and holds no secret. It reaches them as it is: a sidebar call's failure message (google.script.run hands the
// sidebar the message, which src/sidebar/server.ts strips of Apps Script's "Error: " prefix) or a formula cell's
// #ERROR! note. Anything else thrown is a bug, not a message.
export class UserError extends Error {}
