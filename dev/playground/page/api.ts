// Calls to the playground's server, one at a time: the server runs the script synchronously, so a second request
// would only wait behind the first, and answers must be applied in the order they were asked.
import type {
  ActionReply,
  EditRequest,
  PasteRequest,
  RangeRequest,
  SelectRequest,
  StateView,
  UnchangedView,
} from '../protocol';

let queue: Promise<unknown> = Promise.resolve();
let pending = 0;
let selectionsSent = 0;

function enqueue<T>(request: () => Promise<T>): Promise<T> {
  pending++;
  const result = queue.then(request, request);
  queue = result.finally(() => pending--).catch(() => undefined);
  return result;
}

/** Whether a request is waiting or under way (a poll then has nothing to add). */
export function busy(): boolean {
  return pending > 0;
}

async function post(path: string, body: unknown): Promise<ActionReply> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as ActionReply;
}

export function fetchState(sheet: string | null, revision: number | null): Promise<StateView | UnchangedView> {
  const query = new URLSearchParams();
  if (sheet !== null) query.set('sheet', sheet);
  if (revision !== null) query.set('revision', String(revision));
  return enqueue(async () => (await fetch(`/api/state?${query}`)).json() as Promise<StateView | UnchangedView>);
}

export const editCell = (edit: EditRequest) => enqueue(() => post('/api/cell', edit));
export const activateSheet = (sheet: string) => enqueue(() => post('/api/activate', { sheet }));
/** How many selections the page has sent: a state asked for before the latest one does not hold it yet. */
export function selectionsSentSoFar(): number {
  return selectionsSent;
}

export function select(selection: SelectRequest): Promise<ActionReply> {
  selectionsSent++;
  return enqueue(() => post('/api/select', selection));
}

export const paste = (request: PasteRequest) => enqueue(() => post('/api/paste', request));
export const fillDown = (request: RangeRequest) => enqueue(() => post('/api/fill', request));
export const clear = (request: RangeRequest) => enqueue(() => post('/api/clear', request));
export const runMenuItem = (functionName: string) => enqueue(() => post('/api/menu', { functionName }));
export const closeSidebar = () => enqueue(() => post('/api/sidebar/close', {}));
export const closeDialog = () => enqueue(() => post('/api/dialog/close', {}));
