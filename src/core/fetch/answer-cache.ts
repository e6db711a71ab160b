// The answers of the per-row operations in the document cache, by normalized input.
import type { Cache, Hash } from '../ports';
import { ResponseCache } from '../response-cache';

export interface AnswerScope {
  baseUrl: string;
  operation: string;
}

export class AnswerCache {
  private readonly responses: ResponseCache;

  constructor(
    cache: Cache,
    hash: Hash,
    private readonly scope: AnswerScope,
  ) {
    this.responses = new ResponseCache(cache, hash);
  }

  read(inputs: readonly string[]): Map<string, unknown> {
    const keys = inputs.map((input) => this.keyOf(input));
    const found = this.responses.getMany(keys);
    const answers = new Map<string, unknown>();
    inputs.forEach((input, i) => {
      const text = found.get(keys[i]);
      if (text !== undefined) answers.set(input, JSON.parse(text));
    });
    return answers;
  }

  write(answers: Map<string, unknown>): void {
    const entries = new Map<string, string>();
    for (const [input, value] of answers) entries.set(this.keyOf(input), JSON.stringify(value));
    this.responses.putMany(entries);
  }

  private keyOf(input: string): string {
    return this.responses.keyOf({ ...this.scope, input });
  }
}
