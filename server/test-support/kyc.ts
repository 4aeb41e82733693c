import type { Envelope } from '../../contracts/index';
import type { TestApp } from './create-test-app';
import { reviewKyc } from './staff';
import { imageParts, multipartBody, PNG_BYTES } from './uploads';

/** The organisation verification form filled in with valid, consistent data. */
export const ORG_FIELDS = {
  company: '深圳市示例科技有限公司',
  taxNumber: '91440300708461136T',
  address: '深圳市南山区科技园1号',
  legalName: '张三',
  legalPhone: '13800138001',
  legalIdcard: '11010519491231002X',
  legalAddress: '北京市朝阳区1号',
  accountName: '深圳市示例科技有限公司',
  accountBank: '招商银行深圳分行',
  accountNo: '6225880123456789',
  contactName: '李四',
  contactPhone: '13800138002',
  contactIdcard: '440301198501011236',
  authorName: '王五',
  authorSex: '1',
  authorBrith: '1990-03-07',
  authorPhone: '13800138003',
  authorIdcard: '320102199003070017',
  authorAddress: '南京市玄武区1号',
} satisfies Record<string, string>;

/** The personal verification form filled in with valid data. */
export const PERSON_FIELDS = {
  userName: '赵六',
  contactIdcard: '11010119900307803X',
  authorSex: '2',
  address: '上海市浦东新区1号',
  agree: '1',
} satisfies Record<string, string>;

/**
 * Submits the organisation verification as the form does (multipart, five images) and, when asked,
 * approves it at the staff console's verification desk; throws when either step is refused.
 */
export async function verifyOrganisation(t: TestApp, token: string, phone: string, approve = true): Promise<void> {
  const images = { license: PNG_BYTES, legalFile: PNG_BYTES, file: PNG_BYTES, authorFront: PNG_BYTES, authorBack: PNG_BYTES };
  const { payload, contentType } = multipartBody(ORG_FIELDS, imageParts(images));
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/user/companyAuthorize',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  const envelope = submitted.json<Envelope<null>>();
  if (envelope.code !== 200) throw new Error(`organisation verification refused: ${envelope.msg}`);
  if (!approve) return;
  await reviewKyc(t, phone);
}
