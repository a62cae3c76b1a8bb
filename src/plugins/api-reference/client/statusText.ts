/**
 * HTTP status lines ("201 Created"), for the reference pages (./blocks.ts),
 * the API console (./console) and the MCP server. No Node: the browser
 * imports it too.
 */
const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '402': 'Payment Required',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '409': 'Conflict',
  '410': 'Gone',
  '413': 'Payload Too Large',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
};

/** "201 Created"; a status without a known reason phrase is the number alone. */
export const statusText = (status: string | number): string => `${status} ${STATUS_TEXT[String(status)] ?? ''}`.trim();
