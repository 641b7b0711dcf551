package io.github.ecstimeslice.demo.picture;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOInvalidTreeException;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.IndexColorModel;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes frames to a looping animated GIF with {@code javax.imageio} (NETSCAPE2.0 loop extension).
 * After the first, each frame stores only the pixels that changed: the others get the palette's
 * transparent index and show the frame before through, so the flat, mostly still pictures of the
 * demo compress several times smaller.
 */
public final class GifWriter implements Closeable {

    private final ImageWriter writer;
    private final ImageOutputStream output;
    private final IIOMetadata metadata;
    private final int unchanged;
    /** The picture shown so far, and the frame written: its changes, the rest {@link #unchanged}. */
    private final BufferedImage shown;
    private final BufferedImage changes;
    private int frames;

    /**
     * @param frameType   an indexed image of the frames' size and palette
     * @param unchanged   a palette index no frame uses: it marks the pixels a frame leaves as they were
     * @param delayCentis the time each frame shows, in hundredths of a second
     */
    public GifWriter(Path file, BufferedImage frameType, int unchanged, int delayCentis) throws IOException {
        this.unchanged = unchanged;
        IndexColorModel palette = (IndexColorModel) frameType.getColorModel();
        shown = new BufferedImage(frameType.getWidth(), frameType.getHeight(), BufferedImage.TYPE_BYTE_INDEXED, palette);
        changes = new BufferedImage(frameType.getWidth(), frameType.getHeight(), BufferedImage.TYPE_BYTE_INDEXED, palette);
        writer = ImageIO.getImageWritersByFormatName("gif").next();
        Files.deleteIfExists(file); // ImageIO writes into an existing file without truncating it
        output = ImageIO.createImageOutputStream(file.toFile());
        if (output == null) {
            throw new IOException("cannot write " + file);
        }
        writer.setOutput(output);
        ImageTypeSpecifier type = new ImageTypeSpecifier(frameType);
        metadata = writer.getDefaultImageMetadata(type, writer.getDefaultWriteParam());
        configure(metadata, unchanged, delayCentis);
        writer.prepareWriteSequence(null);
    }

    private static void configure(IIOMetadata metadata, int unchanged, int delayCentis) throws IIOInvalidTreeException {
        String format = metadata.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) metadata.getAsTree(format);
        IIOMetadataNode control = child(root, "GraphicControlExtension");
        control.setAttribute("disposalMethod", "doNotDispose"); // the next frame draws over this one
        control.setAttribute("userInputFlag", "FALSE");
        control.setAttribute("transparentColorFlag", "TRUE");
        control.setAttribute("delayTime", Integer.toString(delayCentis));
        control.setAttribute("transparentColorIndex", Integer.toString(unchanged));
        IIOMetadataNode extensions = child(root, "ApplicationExtensions");
        IIOMetadataNode loop = new IIOMetadataNode("ApplicationExtension");
        loop.setAttribute("applicationID", "NETSCAPE");
        loop.setAttribute("authenticationCode", "2.0");
        loop.setUserObject(new byte[]{0x1, 0, 0}); // sub-block 1: loop count 0, forever
        extensions.appendChild(loop);
        metadata.setFromTree(format, root);
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }

    /** Appends a frame (an indexed image of the frame type): whole the first time, then its changes. */
    public void add(BufferedImage frame) throws IOException {
        byte[] now = ((DataBufferByte) frame.getRaster().getDataBuffer()).getData();
        byte[] before = ((DataBufferByte) shown.getRaster().getDataBuffer()).getData();
        byte[] changed = ((DataBufferByte) changes.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < now.length; i++) {
            changed[i] = frames == 0 || now[i] != before[i] ? now[i] : (byte) unchanged;
        }
        System.arraycopy(now, 0, before, 0, now.length);
        writer.writeToSequence(new IIOImage(changes, null, metadata), null);
        frames++;
    }

    public int frames() {
        return frames;
    }

    @Override
    public void close() throws IOException {
        try {
            writer.endWriteSequence();
        } finally {
            output.close();
            writer.dispose();
        }
    }
}
