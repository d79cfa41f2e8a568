import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');
let loaded: Yaml | undefined;

/**
 * The `yaml` package, loaded the first time a front matter or settings file needs the full YAML
 * parser (about 55 ms of CPU to load): plain `key: value` front matter and a no-op push never do.
 */
export function yaml(): Yaml {
  loaded ??= createRequire(import.meta.url)('yaml') as Yaml;
  return loaded;
}
