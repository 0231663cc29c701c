export default globalThis;
