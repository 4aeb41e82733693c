import { z } from 'zod';
import {
  ADDRESS_MAX,
  addAddressRequest,
  addressIdRequest,
  addressListResponse,
  addressResponse,
  districtRequest,
  districtResponse,
  editAddressRequest,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { districts } from './districts';
import { AddressService } from './service';
import type { ServerModule } from '../../module';

const TAG = 'addresses';

export function addressRoutes(ctx: AppContext): RouteDefinition[] {
  const service = new AddressService(ctx.db, ctx.clock);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/User/addressList',
      summary: "The owner's addresses (at most 5), oldest first; status 1 is the default",
      tag: TAG,
      auth: true,
      response: addressListResponse,
      handler: async ({ session }) => ({ list: await service.list(session.userId), max: ADDRESS_MAX }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/User/district',
      summary:
        'Children of a region (?code=; provinces without it) from the china-area-data set; noInvoiceMail marks Hong Kong, Macau and Taiwan',
      tag: TAG,
      // Public data: no session needed.
      auth: false,
      query: districtRequest,
      response: districtResponse,
      handler: ({ query }) => {
        const list = districts().children(query.code || undefined);
        if (!list) throw badRequest('validation:regionRequired');
        return { list };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/User/addAddress',
      summary: 'Adds an address (province, city, area are region codes); the sixth is refused; the first becomes the default',
      tag: TAG,
      auth: true,
      body: addAddressRequest,
      response: addressResponse,
      successMessage: 'added',
      handler: ({ session, body }) => service.add(session.userId, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/User/editAddress',
      summary: 'Changes an address of the owner (same fields as addAddress, plus id)',
      tag: TAG,
      auth: true,
      body: editAddressRequest,
      response: addressResponse,
      successMessage: 'updated',
      handler: ({ session, body }) => service.edit(session.userId, body.id, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/User/delAddress',
      summary: 'Deletes an address of the owner; a deleted default passes to the oldest address left',
      tag: TAG,
      auth: true,
      body: addressIdRequest,
      response: z.null(),
      successMessage: 'deleted',
      handler: async ({ session, body }) => {
        await service.remove(session.userId, body.id);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/User/setDefaultAddress',
      summary: 'Makes an address of the owner the default (our call; the mark moves in one transaction)',
      tag: TAG,
      auth: true,
      body: addressIdRequest,
      response: z.null(),
      successMessage: 'defaultSet',
      handler: async ({ session, body }) => {
        await service.setDefault(session.userId, body.id);
        return null;
      },
    }),
  ];
}

export const addressesModule: ServerModule = {
  name: 'addresses',
  register: (_app, ctx) => ctx.addRoutes(addressRoutes(ctx)),
};
