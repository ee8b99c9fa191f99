export { appRouter, createCaller, type AppRouter, type Caller } from './router';
export type { Context, RequestMeta, ResponseHints, Services } from './context';
export type { AuthedContext, AdminContext } from './trpc';
export { AppError, appError } from './errors';
export { describeError } from './trpc';
export { procedureOnSurface, routeOnSurface, type Surface } from './surfaces';
export { restRoutes, type RestRoute, type RestRequest, type HttpMethod } from './rest/routes';
export { openApiDocument } from './rest/openapi';
export { sharedLookPreview, type SharedLookPreview } from './share/share.service';
