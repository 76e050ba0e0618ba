// `node --import ./bench/servers/stock-register.mjs`: the stock server's plugin runs on unpatched better-auth.
import { register } from "node:module";

register("./stock-hooks.mjs", import.meta.url);
