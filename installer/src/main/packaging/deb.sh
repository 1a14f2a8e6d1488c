#!/usr/bin/env bash
# Builds the .deb from the app-image: menu entry, icon, .kstudio file association, GTK dependency.
# Usage: deb.sh TARGET_DIR NAME VERSION
set -euo pipefail
target="$1"; name="$2"; version="$3"
here="$(cd "$(dirname "$0")" && pwd)"
sed "s|^icon=.*|icon=$here/keyspace-studio.png|" "$here/kstudio-file.properties" > "$target/kstudio-file.properties"
rm -f "$target/dist/${name}_${version}"*.deb
# The application class-data archive is bound to the folder it was trained in; the package installs
# to /opt, so it goes without it (the runtime's own archive is still used).
image="$target/deb-image/$name"
rm -rf "$target/deb-image"
mkdir -p "$target/deb-image"
cp -a "$target/dist/$name" "$image"
rm -f "$image/lib/app/kstudio.jsa"
sed -i '/SharedArchiveFile/d' "$image/lib/app/$name.cfg"
jpackage --type deb \
  --app-image "$image" \
  --name "$name" --app-version "$version" \
  --vendor "Keyspace Studio" \
  --description "Desktop editor for Apache Cassandra data models (Chebotko method)" \
  --icon "$here/keyspace-studio.png" \
  --linux-shortcut --linux-menu-group "Development" \
  --resource-dir "$here/resources" \
  --linux-app-category devel \
  --linux-package-deps "libgtk-3-0" \
  --file-associations "$target/kstudio-file.properties" \
  --dest "$target/dist"
ls -la "$target/dist/"*.deb
