import { Spin } from '@douyinfe/semi-ui-19';

/** Full-area spinner while a page chunk or its copy loads. */
export function PageLoader() {
  return (
    <div className="page-loader" aria-busy="true">
      <Spin size="large" />
    </div>
  );
}
