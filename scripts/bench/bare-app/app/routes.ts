import { index, route, type RouteConfig } from '@react-router/dev/routes'

// The template's file routes, named here (a bare app has no @react-router/fs-routes to read them).
export default [
  index('routes/_index.tsx'),
  route('CheckAvailability', 'routes/CheckAvailability.tsx'),
] satisfies RouteConfig
