/** Seam "route-tables": the changelog's pages, one route whose table loads on demand (./lazyRoutes.tsx). */
import {lazyRoutes} from './lazyRoutes';

export default lazyRoutes(() => import('@generated/routes?changelog'));
