"use strict";
// The compiled addon (node-gyp builds it when the package is installed).
module.exports = require("./build/Release/malloc_trim.node");
