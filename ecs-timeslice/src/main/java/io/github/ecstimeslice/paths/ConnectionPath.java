package io.github.ecstimeslice.paths;

import com.badlogic.gdx.ai.pfa.Connection;
import com.badlogic.gdx.ai.pfa.GraphPath;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The finder's output path, reused from search to search: the found path's connections in a
 * growable array (the graph's own objects, nothing copied), instead of a {@code DefaultGraphPath}
 * per search. One thread's.
 */
final class ConnectionPath<N> implements GraphPath<Connection<N>> {

    private Connection<N>[] connections = newArray(16);
    private int count;

    @Override
    public int getCount() {
        return count;
    }

    @Override
    public Connection<N> get(int index) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException("connection index " + index + " is outside the path's " + count);
        }
        return connections[index];
    }

    @Override
    public void add(Connection<N> connection) {
        if (count == connections.length) {
            connections = Arrays.copyOf(connections, count + (count >> 1));
        }
        connections[count++] = connection;
    }

    @Override
    public void clear() {
        count = 0;
    }

    @Override
    public void reverse() {
        for (int i = 0, j = count - 1; i < j; i++, j--) {
            Connection<N> swap = connections[i];
            connections[i] = connections[j];
            connections[j] = swap;
        }
    }

    /** Not used by the finder; makes an iterator. */
    @Override
    public Iterator<Connection<N>> iterator() {
        return new Iterator<Connection<N>>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < count;
            }

            @Override
            public Connection<N> next() {
                if (next >= count) {
                    throw new NoSuchElementException();
                }
                return connections[next++];
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static <N> Connection<N>[] newArray(int length) {
        return (Connection<N>[]) new Connection<?>[length];
    }
}
