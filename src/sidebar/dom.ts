// The only way this page builds DOM from data: text always becomes a text node, never markup, so nothing the
// server or the API returns can inject elements or scripts.

export type AttributeValue = string | number | boolean | null | undefined;
export type Child = Node | string | number | null | undefined | false;

/**
 * Creates an element. Attributes go through setAttribute (true gives an empty attribute; false, null and undefined
 * leave it out); string children become text nodes.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, AttributeValue> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** The element the page template declares with this id; a missing one is a template bug, so fail loudly. */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`The sidebar page has no element #${id}.`);
  return element as T;
}
