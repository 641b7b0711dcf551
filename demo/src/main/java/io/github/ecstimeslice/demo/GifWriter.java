package io.github.ecstimeslice.demo;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOInvalidTreeException;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/** Writes frames to a looping animated GIF with {@code javax.imageio} (NETSCAPE2.0 loop extension). */
final class GifWriter implements Closeable {

    private final ImageWriter writer;
    private final ImageOutputStream output;
    private final IIOMetadata metadata;
    private int frames;

    /**
     * @param delayCentis the time each frame shows, in hundredths of a second
     */
    GifWriter(Path file, BufferedImage frameType, int delayCentis) throws IOException {
        writer = ImageIO.getImageWritersByFormatName("gif").next();
        output = ImageIO.createImageOutputStream(file.toFile());
        if (output == null) {
            throw new IOException("cannot write " + file);
        }
        writer.setOutput(output);
        ImageTypeSpecifier type = new ImageTypeSpecifier(frameType);
        metadata = writer.getDefaultImageMetadata(type, writer.getDefaultWriteParam());
        configure(metadata, delayCentis);
        writer.prepareWriteSequence(null);
    }

    private static void configure(IIOMetadata metadata, int delayCentis) throws IIOInvalidTreeException {
        String format = metadata.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) metadata.getAsTree(format);
        IIOMetadataNode control = child(root, "GraphicControlExtension");
        control.setAttribute("disposalMethod", "none");
        control.setAttribute("userInputFlag", "FALSE");
        control.setAttribute("transparentColorFlag", "FALSE");
        control.setAttribute("delayTime", Integer.toString(delayCentis));
        control.setAttribute("transparentColorIndex", "0");
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

    /** Appends a frame. */
    void add(BufferedImage frame) throws IOException {
        writer.writeToSequence(new IIOImage(frame, null, metadata), null);
        frames++;
    }

    int frames() {
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
