package io.github.ecstimeslice;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The bytes of a {@link DecisionLog}: counts as unsigned varints (seven bits a byte, low first) and
 * ints as four bytes, high first, through a buffer, so that the game's stream is called once a
 * record, not once a byte. Its log reads and writes the fields directly.
 */
final class LogStream {

    private final OutputStream out;
    private final InputStream in;
    /** Bytes written so far. */
    long bytes;
    /** The record being written, or what was read ahead of the one being read. */
    private final byte[] buffer = new byte[256];
    private int bufferAt;
    private int bufferEnd;
    /** Whose turn is being read, and its tick, for a failure's message; null while the header or a schedule value is. */
    TimeslicedSystem<?, ?> reading;
    long readingTick;

    LogStream(OutputStream out, InputStream in) {
        this.out = out;
        this.in = in;
    }

    void writeCount(int value) {
        while ((value & ~0x7f) != 0) {
            write((value & 0x7f) | 0x80);
            value >>>= 7;
        }
        write(value);
    }

    void writeInt(int value) {
        write(value >>> 24);
        write(value >>> 16);
        write(value >>> 8);
        write(value);
    }

    void write(int b) {
        if (bufferEnd == buffer.length) {
            flush();
        }
        buffer[bufferEnd++] = (byte) b;
        bytes++;
    }

    /** Hands the stream what was written since the last call: once a record, not once a byte. */
    void flush() {
        try {
            out.write(buffer, 0, bufferEnd);
        } catch (IOException failed) {
            throw new IllegalStateException("the DecisionLog's stream refused a record", failed);
        }
        bufferEnd = 0;
    }

    int readCount() {
        int value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = read();
            value |= (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IllegalStateException("the recording is damaged at " + where() + ": a count runs past five bytes");
    }

    int readInt() {
        return read() << 24 | read() << 16 | read() << 8 | read();
    }

    /** The next byte: read ahead as far as the stream has bytes ready, so it is called once a fill. */
    private int read() {
        if (bufferAt == bufferEnd) {
            int read;
            try {
                read = in.read(buffer, 0, buffer.length);
            } catch (IOException failed) {
                throw new IllegalStateException("the DecisionLog's stream failed at " + where(), failed);
            }
            if (read <= 0) {
                throw new IllegalStateException("the recording ends before " + where());
            }
            bufferAt = 0;
            bufferEnd = read;
        }
        return buffer[bufferAt++] & 0xff;
    }

    /** Where reading is, for a failure's message. */
    String where() {
        return reading != null ? "tick " + readingTick + " of " + reading.getClass().getName()
                : readingTick < 0 ? "a schedule value" : "its header";
    }
}
