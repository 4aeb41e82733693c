import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../server/i18n';

/**
 * The wording the product spec (shared/spec/product-spec.md) gives verbatim: its validation messages, screen
 * messages, toasts, tab and status labels, each checked against the zh-CN locale key that carries it. Every
 * other test reads its copy from the locale files, so this is the one test an editor's rewording of a
 * mandated message breaks: change such a text only together with the spec (and this table).
 *
 * A row is spec wording → `namespace:key`, or → `validation:key|field` for a validation message rendered the
 * way the server and the forms render it (`{{field}}` filled from fields.json).
 */
const SPEC_WORDING: ReadonlyArray<readonly [string, string]> = [
  // Pages and tabs (section: routes)
  ['消息通知', 'notifications:title'],
  ['签章管理', 'signature:title'],
  ['地址管理', 'address:title'],
  ['充值记录', 'orders:tabs.1'],
  ['消费记录', 'orders:tabs.2'],
  ['公证出证', 'orders:tabs.3'],
  ['开票申请', 'invoice:tabs.1'],
  ['发票抬头管理', 'invoice:tabs.2'],
  // Evidence file types (query fileType)
  ['图片', 'evidence:fileType.image'],
  ['视频', 'evidence:fileType.video'],
  ['音频', 'evidence:fileType.audio'],
  ['文档', 'evidence:fileType.document'],
  // Orders: payment status and way
  ['待支付', 'orders:status.1'],
  ['已支付', 'orders:status.2'],
  ['已取消', 'orders:status.4'],
  ['支付宝', 'payment:payTypeAlipay'],
  ['微信', 'payment:payTypeWechat'],
  // Invoices: list and detail labels, content
  ['待开票', 'invoice:listStatus.1'],
  ['开票中', 'invoice:listStatus.2'],
  ['已开票', 'invoice:listStatus.3'],
  ['已拒绝', 'invoice:listStatus.4'],
  ['待开票', 'invoice:detailStatus.1'],
  ['提交财务', 'invoice:detailStatus.2'],
  ['已开票', 'invoice:detailStatus.3'],
  ['审核不通过', 'invoice:detailStatus.4'],
  ['技术服务费', 'invoice:content'],
  // Validation messages
  ['两次新密码不一致', 'validation:newPasswordMismatch'],
  ['新密码不能与旧密码相同', 'validation:newPasswordSameAsOld'],
  ['上传签章图片只能是 png 格式!', 'validation:signaturePngOnly'],
  ['上传签章图片大小不能超过 10MB!', 'validation:signatureTooLarge'],
  ['签章名称不能为空', 'validation:required|signatureName'],
  ['请选择所在地区', 'validation:regionRequired'],
  ['最多保存5个地址', 'validation:addressLimit'],
  ['最多保存 5 个发票抬头信息', 'validation:invoiceHeaderLimit'],
  ['请选择发票信息', 'validation:invoiceHeaderRequired'],
  ['请选择要送达的地址', 'validation:invoiceAddressRequired'],
  ['请先勾选可供开票的订单记录', 'validation:invoiceOrdersRequired'],
  ['请先勾选可供开票的订单记录', 'orders:invoice.chooseFirst'],
  ['上传图片不能超多20M', 'validation:orgImageSize'],
  ['上传图片只能是png,jpg或JPEG格式!', 'validation:orgImageType'],
  ['请先同意实名验证', 'validation:consentRequired'],
  ['请填写身份证号', 'validation:idCardEmpty'],
  ['请选择需要下载的证据', 'validation:selectEvidence'],
  // Screen messages
  ['无下载文件', 'evidence:pages.batch.noFiles'],
  ['无下载文件', 'preservation:noDownload'],
  ['证据上传中请稍后下载', 'evidence:download.uploading'],
  ['证据缺失不可下载', 'evidence:download.missing'],
  ['该订单在APP端创建，请到APP端继续支付', 'orders:appOrder'],
  ['该订单在APP端创建，请到APP端继续支付', 'payment:appOrder'],
  // Success toasts
  ['修改密码成功', 'setting:password.changed'],
  ['修改密码成功', 'server:passwordChanged'],
  ['复制成功', 'common:copy.done'],
  ['添加成功', 'address:toast.added'],
  ['修改成功', 'address:toast.updated'],
  ['修改成功', 'invoice:headers.updated'],
  ['新增成功', 'invoice:headers.added'],
  ['已删除该条发票抬头', 'invoice:headers.deleted'],
  ['提交成功', 'invoice:apply.submitted'],
  ['实名成功', 'kyc:face.success'],
  ['实名成功', 'server:verified'],
  ['取消', 'orders:cancel.prefix'],
  // Dialogs
  ['预览图片', 'notary:detail.previewImage'],
  ['预览图片', 'attestation:mobile.previewImage'],
];

const translator = createTranslator('zh-CN');

function render(ref: string): string {
  if (ref.startsWith('validation:') && ref.includes('|')) return translator.validation(ref.slice('validation:'.length));
  return translator.has(ref) ? translator.t(ref) : `(no key ${ref})`;
}

describe('the wording the product spec mandates', () => {
  it.each(SPEC_WORDING)('%s is %s', (wording, ref) => {
    expect(render(ref)).toBe(wording);
  });
});
