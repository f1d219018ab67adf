# Host code: a value of the device that its architecture does not decide,
# which tilec cannot compute.
import torch

IS_NEW_GPU = 'B200' in torch.cuda.get_device_name()
