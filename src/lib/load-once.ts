// A chunk imported once, on first need: the module once it is there (to call it in the same task),
// the one promise while it loads, and a fresh try after a failure (offline before the service
// worker cached it: the next need tries again).
export interface LoadOnce<M> {
  /** The module, if it has loaded. */
  loaded(): M | null;
  load(): Promise<M>;
}

export function loadOnce<M>(importer: () => Promise<M>): LoadOnce<M> {
  let module: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    loaded: () => module,
    load() {
      if (module) return Promise.resolve(module);
      loading ??= importer().then(
        (m) => {
          module = m;
          return m;
        },
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
      return loading;
    },
  };
}
