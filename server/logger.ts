import pino, { type Logger } from 'pino';

export type { Logger };

/** One logger for the process; secrets are redacted here, not at call sites. */
export function createLogger(level: string, pretty = process.stdout.isTTY): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        '*.new_password',
        '*.confirm_password',
        'user_token',
        '*.user_token',
        'api_token',
        '*.api_token',
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-api-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    transport: pretty ? { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss' } } : undefined,
  });
}
