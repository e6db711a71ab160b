// npm start's command line: [--port N] [--api-url URL --api-key KEY]; SHEET_ENRICH_API_URL and
// SHEET_ENRICH_API_KEY stand in for the two API flags.

export const DEFAULT_PORT = 8080;

export type ApiChoice = { kind: 'mock' } | { kind: 'service'; baseUrl: string; apiKey: string };

export interface StartOptions {
  /** 0 picks a free port. */
  port: number;
  api: ApiChoice;
}

export const USAGE = `Usage: npm start -- [--port N] [--api-url URL --api-key KEY]

  --port N       serve the playground on http://localhost:N (default ${DEFAULT_PORT}; 0 picks a free port)
  --api-url URL  call this API instead of starting the local mock (or set SHEET_ENRICH_API_URL)
  --api-key KEY  the API key for --api-url (or set SHEET_ENRICH_API_KEY)
  --help         show this text`;

export class UsageError extends Error {}

/** The options, or null when help was asked for. */
export function parseStartOptions(args: string[], env: Record<string, string | undefined>): StartOptions | null {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const [flag, inlineValue] = args[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') return null;
    if (!['--port', '--api-url', '--api-key'].includes(flag)) throw new UsageError(`Unknown option ${args[i]}.`);
    const value = inlineValue ?? args[++i];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value.`);
    flags.set(flag, value);
  }

  const port = Number(flags.get('--port') ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError('--port must be a whole number from 0 to 65535.');

  const baseUrl = flags.get('--api-url') ?? env.SHEET_ENRICH_API_URL ?? '';
  const apiKey = flags.get('--api-key') ?? env.SHEET_ENRICH_API_KEY ?? '';
  if (baseUrl === '' && apiKey === '') return { port, api: { kind: 'mock' } };
  if (baseUrl === '' || apiKey === '') {
    throw new UsageError(
      'A real service needs both --api-url and --api-key (or SHEET_ENRICH_API_URL and SHEET_ENRICH_API_KEY).',
    );
  }
  return { port, api: { kind: 'service', baseUrl, apiKey } };
}
