module.exports = globalThis;
