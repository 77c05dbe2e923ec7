/**
 * The Redis address of `run --queue` and `squadsim worker --queue`: parsed and checked up
 * front (a bad URL is exit 2 before anything is queued), and shown only with its password
 * replaced by `***`. This file is the one place that sees the password in clear: everything
 * printed about a connection goes through `shown` or `redact`.
 */
import { ConfigError } from '../../engine/errors.ts';

export interface RedisTarget {
  /** ioredis connection options (host, port, db, credentials, TLS). */
  options: { host: string; port: number; db: number; username?: string; password?: string; tls?: { servername?: string } };
  /** The URL as it may be printed: the password, if any, is `***`. */
  shown: string;
  /** Replaces every occurrence of the password (and the URL's user-info part) in `text`. */
  redact(text: string): string;
}

const ALLOWED = 'expected redis://[user:password@]host[:port][/db] or rediss://... (TLS), e.g. redis://127.0.0.1:6379/0';

/** `raw` with any user-info (`user:password@`) of a URL-like string masked, even when it does not parse. */
export function redactUrl(raw: string): string {
  return raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)?([^/\s]*)@/i, (_m, scheme: string | undefined, info: string) => {
    const i = info.indexOf(':');
    return `${scheme ?? ''}${i >= 0 ? `${info.slice(0, i)}:***` : '***'}@`;
  });
}

/**
 * Parses `raw` (a --queue value, or REDIS_URL when the flag is given without one). Every
 * failure is a ConfigError on `flag` showing the redacted value and what is allowed.
 */
export function parseRedisUrl(raw: string, flag: string): RedisTarget {
  const shownRaw = redactUrl(raw);
  const fail = (why: string): never => {
    throw new ConfigError(flag, shownRaw, `${why}; ${ALLOWED}`);
  };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return fail('is not a URL');
  }
  const tls = url.protocol === 'rediss:';
  if (url.protocol !== 'redis:' && !tls) fail(`has the scheme ${JSON.stringify(url.protocol.replace(/:$/, ''))}`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') fail('names no host');
  const port = url.port === '' ? 6379 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail('has a port outside 1..65535');
  const path = url.pathname.replace(/^\/+/, '');
  if (path !== '' && !/^\d{1,9}$/.test(path)) fail(`has the path ${JSON.stringify('/' + path)}, which is not a database number`);
  if (url.search !== '' || url.hash !== '') fail('has a query or fragment, which squadsim does not read');
  const decode = (s: string): string => {
    try {
      return decodeURIComponent(s);
    } catch {
      return fail('has user-info that is not valid percent-encoding');
    }
  };
  const username = url.username === '' ? undefined : decode(url.username);
  const password = url.password === '' ? undefined : decode(url.password);
  const shownUrl = `${tls ? 'rediss' : 'redis'}://${username !== undefined || password !== undefined ? `${username ?? ''}${password !== undefined ? ':***' : ''}@` : ''}${url.host}${path ? `/${path}` : ''}`;
  // Both spellings of the password: as decoded, and as percent-encoded in the URL.
  const secrets = [...new Set([password, url.password])].filter((x): x is string => x !== undefined && x !== '').sort((a, b) => b.length - a.length);
  return {
    options: {
      host, port, db: path === '' ? 0 : Number(path),
      ...(username !== undefined ? { username } : {}),
      ...(password !== undefined ? { password } : {}),
      ...(tls ? { tls: { servername: host } } : {}),
    },
    shown: shownUrl,
    redact: (text) => secrets.reduce((out, x) => out.split(x).join('***'), text),
  };
}

/**
 * The address to use: the flag's value, or REDIS_URL when the flag was given empty (so the
 * password need not appear on a command line, where `ps` shows it to every user).
 */
export function redisTarget(value: string | undefined, flag: string, env: NodeJS.ProcessEnv = process.env): RedisTarget {
  const raw = value === undefined || value.trim() === '' ? env.REDIS_URL : value;
  if (raw === undefined || raw.trim() === '') throw new ConfigError(flag, value ?? '', `needs a Redis URL, or REDIS_URL in the environment; ${ALLOWED}`);
  return parseRedisUrl(raw, value === undefined || value.trim() === '' ? `${flag} (REDIS_URL)` : flag);
}
