// CSS Modules in tests: class names are the keys themselves, so markup stays readable.
const styles = new Proxy({} as Record<string, string>, { get: (_target, key) => String(key) });
export default styles;
