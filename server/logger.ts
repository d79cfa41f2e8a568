import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** One logger for the process; secrets are redacted here, not at call sites. */
/** `destination` (default stdout) lets tests read what would be logged. */
export function createLogger(level: string, pretty = process.stdout.isTTY, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        '*.new_password',
        '*.confirm_password',
        'bind_password',
        '*.bind_password',
        '*.*.bind_password',
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
  };
  return destination ? pino(options, destination) : pino(options);
}
