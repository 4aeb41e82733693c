import type { StaffPageKey } from '@/entities/staff-member';
import type { RouteTitle } from './title';

/** A console page's `handle`: its document title and which page it is (the layout checks the role may open it). */
export type StaffRouteHandle = RouteTitle & { staffPage?: StaffPageKey };
