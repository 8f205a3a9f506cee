declare module 'swagger-ui-dist' {
  /** Directory holding Swagger UI's static assets. */
  export function getAbsoluteFSPath(): string;
}
