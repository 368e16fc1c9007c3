#!/usr/bin/env bash
# Installs the Node 24 toolchain the web console needs into web/.node, from the npm registry's
# `node` package (its install script fetches the matching node-linux-<arch> binary package from the
# same registry). The machine's own Node may be older; nothing outside web/.node is touched.
#
# Usage:  eval "$(web/scripts/ensure-node.sh)"   # exports PATH with Node 24 first
# Prints the export line on stdout; progress goes to stderr. Idempotent: a second run only checks.
set -euo pipefail

NODE_VERSION=24.21.0
web_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix="$web_dir/.node"
bin="$prefix/node_modules/node/bin"

installed=$("$bin/node" --version 2>/dev/null || true)
if [ "$installed" != "v$NODE_VERSION" ]; then
  echo "ensure-node: installing node@$NODE_VERSION into $prefix" >&2
  rm -rf "$prefix"
  mkdir -p "$prefix"
  # The package's preinstall script is what installs the binary package (node-linux-<arch>).
  # npm 11 blocks dependency install scripts unless the project's allowScripts lists them, so the
  # prefix gets a tiny package.json that approves exactly this version.
  cat >"$prefix/package.json" <<JSON
{"private": true, "allowScripts": {"node@$NODE_VERSION": true}}
JSON
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund \
    --ignore-scripts=false "node@$NODE_VERSION" >&2
  installed=$("$bin/node" --version)
  [ "$installed" = "v$NODE_VERSION" ] || { echo "ensure-node: got $installed, wanted v$NODE_VERSION" >&2; exit 1; }
fi

# The node package ships only the node binary; the machine's npm runs on it once it is first in PATH.
echo "export PATH=\"$bin:\$PATH\""
