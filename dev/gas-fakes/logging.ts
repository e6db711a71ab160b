// Logger and console: everything printed lands, as text, in env.logs (tests check that no secret is logged).
import { format } from 'node:util';
import type { GasShape } from './gas-shape';
import type { Runtime } from './runtime';

export class FakeLogger implements GasShape<GoogleAppsScript.Base.Logger, 'log' | 'getLog' | 'clear'> {
  private readonly ownLines: string[] = [];

  constructor(private readonly runtime: Runtime) {}

  log(data: unknown, ...values: unknown[]): this {
    this.runtime.use('log', 'Logger.log');
    const line = format(data, ...values);
    this.ownLines.push(line);
    this.runtime.logs.push(line);
    return this;
  }

  getLog(): string {
    this.runtime.use('log', 'Logger.getLog');
    return this.ownLines.map((line) => `${line}\n`).join('');
  }

  clear(): void {
    this.runtime.use('log', 'Logger.clear');
    this.ownLines.length = 0;
  }
}

export class FakeConsole implements GasShape<Console, 'log' | 'info' | 'warn' | 'error'> {
  constructor(private readonly runtime: Runtime) {}

  log(...values: unknown[]): void {
    this.print('log', values);
  }

  info(...values: unknown[]): void {
    this.print('info', values);
  }

  warn(...values: unknown[]): void {
    this.print('warn', values);
  }

  error(...values: unknown[]): void {
    this.print('error', values);
  }

  private print(level: string, values: unknown[]): void {
    this.runtime.use('log', `console.${level}`);
    this.runtime.logs.push(format(...values));
  }
}
