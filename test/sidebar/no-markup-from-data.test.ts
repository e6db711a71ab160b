// The sidebar builds DOM only through el() and textContent: no API that parses markup appears in its source.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const SIDEBAR = join(__dirname, '..', '..', 'src', 'sidebar');

test.each(readdirSync(SIDEBAR).filter((file) => file.endsWith('.ts')))('%s parses no markup', (file) => {
  const source = readFileSync(join(SIDEBAR, file), 'utf8');
  expect(source).not.toMatch(
    /innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment/,
  );
});
