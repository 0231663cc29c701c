export default globalThis.document;
