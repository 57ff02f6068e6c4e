/**
 * PRODUCT.md §9 custom app events: window events, one name per kind, carrying `Detail`, so that
 * one part of the page hears about changes made elsewhere.
 */
export function appEvents<Kind extends string, Detail>(names: Record<Kind, string>) {
  const kinds = Object.keys(names) as Kind[];
  const emit = (kind: Kind, detail: Detail) => {
    window.dispatchEvent(new CustomEvent<Detail>(names[kind], { detail }));
  };
  const on = (handler: (kind: Kind, detail: Detail) => void): (() => void) => {
    const listeners = kinds.map((kind) => {
      const listener = (event: Event) => handler(kind, (event as CustomEvent<Detail>).detail);
      window.addEventListener(names[kind], listener);
      return () => window.removeEventListener(names[kind], listener);
    });
    return () => listeners.forEach((remove) => remove());
  };
  return { emit, on };
}
