import { createEffect } from 'effector';

export type ConfirmParams = { title: string; content?: string; okText: string; cancelText: string; danger?: boolean };

/**
 * A confirmation dialog as an effect of a model (spec: "delete by selection with confirmation"); resolves
 * true when the person confirms. Semi's Modal loads on first use, as Toast does.
 */
export const showConfirmFx = createEffect(async ({ title, content, okText, cancelText, danger }: ConfirmParams) => {
  const { default: Modal } = await import('@douyinfe/semi-ui-19/lib/es/modal');
  return new Promise<boolean>((resolve) => {
    Modal.confirm({
      title,
      content,
      okText,
      cancelText,
      // Semi labels these buttons "confirm"/"cancel" in English; the visible words must be their names.
      okButtonProps: { 'aria-label': okText, ...(danger ? { type: 'danger' as const } : {}) },
      cancelButtonProps: { 'aria-label': cancelText },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
});
