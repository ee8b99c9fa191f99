export { appRouter, createCaller, type AppRouter } from './router';
export type { Context, RequestMeta, Services } from './context';
export { AppError, appError } from './errors';
export { describeError } from './trpc';
export { restRoutes, defaultInput, type RestRoute, type RestRequest } from './rest/routes';
export { openApiDocument, procedureExists } from './rest/openapi';
export type { GenerationQueue, GenerationOutcome } from './context';
