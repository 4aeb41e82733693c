import './page-loader.css';

/** Full-area spinner while a page chunk or its copy loads (pure CSS: it shows before any library loads). */
export function PageLoader() {
  return (
    <div className="page-loader" aria-busy="true">
      <span className="page-loader__spinner" />
    </div>
  );
}
