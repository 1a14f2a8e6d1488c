# Shared by the bench scripts: build MODULE (and what it needs), then print the class path of its
# test classes, so a benchmark main can run from them.
# Usage: cp=$(test_classpath MODULE)
test_classpath() {
  local module="$1"
  mvn -B -q -DskipTests -Dspotless.check.skip=true -pl "$module" -am install >&2
  mvn -B -q -pl "$module" test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test >/dev/null
  echo "$module/target/test-classes:$module/target/classes:$(cat "$module/target/test.classpath")"
}

# The JVM flags Cassandra's classes need on JDK 17 (the oracle module's test argLine).
cassandra_opens() {
  sed -n 's/^ *\(--add-[a-z]* [^ ]*\)$/\1/p' oracle/pom.xml | tr '\n' ' '
}
