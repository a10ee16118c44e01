/**
 * The plugin files a loadPlugins call has yet to finish importing, as its messages name them: a scenario parsed
 * meanwhile (the call not awaited) names plugins they may be about to register, and is told to await it.
 */
const loading: string[] = [];

/** The plugin files being loaded now, named as their loader's messages name them (`plugin file ./p.js`). */
export const pluginFilesLoading = (): readonly string[] => loading;

/** Notes `files` as loading until `done` settles. */
export async function whileLoading<T>(files: readonly string[], done: Promise<T>): Promise<T> {
  loading.push(...files);
  try {
    return await done;
  } finally {
    for (const f of files) loading.splice(loading.indexOf(f), 1);
  }
}
