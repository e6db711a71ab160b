// Brings a drawn element up to date with a freshly rendered one by changing only what differs. Nodes that stay
// (the button under the pointer, the one with the keyboard focus) are the same nodes afterwards, so a redraw on every
// check never swallows a click or moves the focus.

/** Makes `current` look like `fresh`; `keep`, children of `current` the caller placed there, are left where they are. */
export function patch(current: Element, fresh: Element, ...keep: Node[]): void {
  syncAttributes(current, fresh);
  const existing = Array.from(current.childNodes).filter((node) => !keep.includes(node));
  const wanted = Array.from(fresh.childNodes);
  const before = keep.find((node) => node.parentNode === current) ?? null;
  wanted.forEach((node, index) => {
    const old = existing[index];
    if (old === undefined) current.insertBefore(node, before);
    else if (!sameKind(old, node)) current.replaceChild(node, old);
    else if (node instanceof Element) patch(old as Element, node);
    else if (old.nodeValue !== node.nodeValue) old.nodeValue = node.nodeValue;
  });
  existing.slice(wanted.length).forEach((node) => node.remove());
}

function sameKind(a: Node, b: Node): boolean {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName;
}

function syncAttributes(current: Element, fresh: Element): void {
  for (const { name } of Array.from(current.attributes)) {
    if (!fresh.hasAttribute(name)) current.removeAttribute(name);
  }
  for (const { name, value } of Array.from(fresh.attributes)) {
    if (current.getAttribute(name) !== value) current.setAttribute(name, value);
  }
}
