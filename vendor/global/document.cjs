module.exports = globalThis.document;
