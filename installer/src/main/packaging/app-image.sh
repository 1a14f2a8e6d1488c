#!/usr/bin/env bash
# Builds the app-image with jpackage: a jlinked runtime holding JavaFX and a CDS archive.
# Usage: app-image.sh TARGET_DIR NAME VERSION MODULES
set -euo pipefail
target="$1"; name="$2"; version="$3"; modules="$4"
here="$(cd "$(dirname "$0")" && pwd)"
rm -rf "$target/dist/$name"
mkdir -p "$target/dist"
main_jar=$(cd "$target/input" && ls kstudio-app-*.jar)
# Signed jars (ELK's and EMF's) are verified at every start and kept out of the class-data archive.
java "$here/StripSignatures.java" "$target/input"/*.jar
# The optimising compiler (C2) waits until code is really hot: on two cores its compilations of
# start-up code (CSS, fonts, layout) compete with the start itself. Measured with bench/startup.sh:
# about 90 ms off the editor's first frame; drawing and parsing loops still reach C2.
late_c2="-XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=20000"
late_c2="$late_c2 -XX:Tier4CompileThreshold=60000 -XX:Tier4BackEdgeThreshold=400000"
jpackage --type app-image \
  --name "$name" --app-version "$version" \
  --vendor "Keyspace Studio" \
  --description "Desktop editor for Apache Cassandra data models (Chebotko method)" \
  --icon "$here/keyspace-studio.png" \
  --input "$target/input" --main-jar "$main_jar" \
  --main-class org.keyspacestudio.app.Launcher \
  --module-path "$target/javafx" --add-modules "$modules" \
  --jlink-options "--strip-debug --no-man-pages --no-header-files --generate-cds-archive" \
  --java-options "-Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off $late_c2" \
  --dest "$target/dist"
echo "app-image: $target/dist/$name ($(du -sh "$target/dist/$name" | cut -f1))"

# Class-data sharing for the application too: one training run of the editor on a small schema
# (under Xvfb, printing its first frame and exiting) records the classes it loads into
# lib/app/kstudio.jsa, which every later start maps instead of loading and verifying them.
cfg="$target/dist/$name/lib/app/$name.cfg"
if command -v xvfb-run >/dev/null 2>&1; then
  cp "$cfg" "$cfg.orig"
  echo 'java-options=-XX:ArchiveClassesAtExit=$APPDIR/kstudio.jsa' >> "$cfg"
  # JDK 17's dynamic archive dump crashed at exit in every training run
  # (SystemDictionaryShared::adjust_lambda_proxy_class_dictionary) while the signed ELK and EMF
  # jars were on the class path (the archive leaves out classes of signed jars); with their
  # signatures removed above, none of the builds since has crashed. Should it crash again, a second
  # run or the static archive below takes over. Its crash report goes to target/, not the tree.
  echo "java-options=-XX:ErrorFile=$target/hs_err_training_%p.log" >> "$cfg"
  train() {
    rm -f "$target/dist/$name/lib/app/kstudio.jsa"
    KSTUDIO_STARTUP_PROBE=1 xvfb-run -a -s "-screen 0 1600x1000x24" \
      "$target/dist/$name/bin/$name" "$here/training.cql" >/dev/null 2>&1 \
      && [[ -s "$target/dist/$name/lib/app/kstudio.jsa" ]]
  }
  # Or a static archive from the list of classes a training run loads, without its lambda proxies
  # (archiving those is what crashes, static or dynamic); it holds the JDK's own classes too, in
  # place of the runtime's default archive. Measured (bench/startup.sh 7, 2 cores): first frame
  # 1,325 ms against 1,846 ms without an application archive.
  static_archive() {
    local app="$target/dist/$name/lib/app" list="$target/training-classes.lst"
    cp "$cfg.orig" "$cfg"
    echo "java-options=-XX:DumpLoadedClassList=$list" >> "$cfg"
    rm -f "$list" "$app/kstudio.jsa"
    KSTUDIO_STARTUP_PROBE=1 xvfb-run -a -s "-screen 0 1600x1000x24" \
      "$target/dist/$name/bin/$name" "$here/training.cql" >/dev/null 2>&1 || return 1
    [[ -s "$list" ]] || return 1
    sed -i '/^@lambda-/d' "$list"
    local classpath
    classpath=$(sed -n 's/^app.classpath=\$APPDIR/'"${app//\//\\/}"'/p' "$cfg.orig" | paste -sd:)
    "$target/dist/$name/lib/runtime/bin/java" -Xshare:dump -Xlog:cds=off \
      -XX:SharedClassListFile="$list" -XX:SharedArchiveFile="$app/kstudio.jsa" \
      -cp "$classpath" >/dev/null 2>&1 && [[ -s "$app/kstudio.jsa" ]]
  }
  if train || train || static_archive; then
    cp "$cfg.orig" "$cfg"
    echo 'java-options=-XX:SharedArchiveFile=$APPDIR/kstudio.jsa' >> "$cfg"
    echo "application class-data archive: $(du -h "$target/dist/$name/lib/app/kstudio.jsa" | cut -f1)"
  else
    cp "$cfg.orig" "$cfg"
    rm -f "$target/dist/$name/lib/app/kstudio.jsa"
    echo "application class-data archive: training run failed, the app starts without it"
  fi
  rm -f "$cfg.orig"
else
  echo "application class-data archive: skipped (no xvfb-run; the JDK's own archive is still used)"
fi
