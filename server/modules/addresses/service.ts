import type { Kysely, Transaction } from 'kysely';
import { ADDRESS_MAX, type Address, type AddressFields } from '../../../contracts/index';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { districts } from './districts';

type Row = {
  id: number;
  name: string;
  province: string;
  city: string;
  area: string;
  province_code: string;
  city_code: string;
  area_code: string;
  address: string;
  phone_number: string;
  email: string;
  is_default: boolean;
};

const COLUMNS = [
  'id',
  'name',
  'province',
  'city',
  'area',
  'province_code',
  'city_code',
  'area_code',
  'address',
  'phone_number',
  'email',
  'is_default',
] as const;

const toAddress = (r: Row): Address => ({
  id: r.id,
  name: r.name,
  province: r.province,
  city: r.city,
  area: r.area,
  provinceCode: r.province_code,
  cityCode: r.city_code,
  areaCode: r.area_code,
  address: r.address,
  phoneNumber: r.phone_number,
  email: r.email,
  status: r.is_default ? 1 : 0,
  noInvoiceMail: districts().noInvoiceMail(r.province_code),
});

/** The region codes must form a real path in the data set; their names are stored beside them. */
function regionOf(fields: AddressFields) {
  const names = districts().resolve({ province: fields.province, city: fields.city, area: fields.area });
  if (!names) throw badRequest('validation:regionRequired');
  return {
    province_code: fields.province,
    city_code: fields.city,
    area_code: fields.area,
    province: names.province,
    city: names.city,
    area: names.area,
  };
}

/**
 * Addresses of one owner: at most 5, at most one default (status 1). The first address becomes the
 * default, and deleting the default passes the mark to the oldest address left, so a form that needs
 * an address (invoices) always has one preselected when any exists.
 */
export class AddressService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async list(userId: number): Promise<Address[]> {
    const rows = await this.db.selectFrom('addresses').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'asc').execute();
    return rows.map(toAddress);
  }

  async add(userId: number, fields: AddressFields): Promise<Address> {
    const region = regionOf(fields);
    return this.db.transaction().execute(async (trx) => {
      // The owner's row lock serialises concurrent adds of one account, so the count below cannot race.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      const count = await countOf(trx, userId);
      if (count >= ADDRESS_MAX) throw badRequest('validation:addressLimit');
      const makeDefault = fields.status === '1' || count === 0;
      if (makeDefault) await clearDefault(trx, userId);
      const row = await trx
        .insertInto('addresses')
        .values({
          user_id: userId,
          name: fields.name,
          ...region,
          address: fields.address,
          phone_number: fields.phoneNumber,
          email: fields.email,
          is_default: makeDefault,
          created_at: this.clock.now(),
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toAddress(row);
    });
  }

  async edit(userId: number, id: number, fields: AddressFields): Promise<Address> {
    const region = regionOf(fields);
    return this.db.transaction().execute(async (trx) => {
      const current = await ownedForUpdate(trx, userId, id);
      // Unticking "default" on the default address leaves the account without one; that is allowed.
      const makeDefault = fields.status === '1';
      if (makeDefault && !current.is_default) await clearDefault(trx, userId);
      const row = await trx
        .updateTable('addresses')
        .set({
          name: fields.name,
          ...region,
          address: fields.address,
          phone_number: fields.phoneNumber,
          email: fields.email,
          is_default: makeDefault,
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toAddress(row);
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await ownedForUpdate(trx, userId, id);
      await trx.deleteFrom('addresses').where('id', '=', id).execute();
      if (current.is_default) {
        const next = await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).orderBy('id', 'asc').executeTakeFirst();
        if (next) await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', next.id).execute();
      }
    });
  }

  async setDefault(userId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await ownedForUpdate(trx, userId, id);
      if (current.is_default) return;
      await clearDefault(trx, userId);
      await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', id).execute();
    });
  }
}

async function countOf(trx: Transaction<DB>, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Another user's address answers exactly like a missing one. */
async function ownedForUpdate(trx: Transaction<DB>, userId: number, id: number) {
  const row = await trx
    .selectFrom('addresses')
    .select(['id', 'is_default'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

const clearDefault = (trx: Transaction<DB>, userId: number) =>
  trx.updateTable('addresses').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).execute();
