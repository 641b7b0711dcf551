package io.github.ecstimeslice.platforms.jvm;

import java.io.File;

/** Finds the programs the web builds run in (node, Chromium). The JVM's only: GWT and TeaVM leave this package out. */
public final class InstalledPrograms {

    private InstalledPrograms() {
    }

    /** The program's path on the PATH, or null. */
    public static String find(String program) {
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            File candidate = new File(dir, program);
            if (candidate.canExecute()) {
                return candidate.getPath();
            }
        }
        return null;
    }
}
